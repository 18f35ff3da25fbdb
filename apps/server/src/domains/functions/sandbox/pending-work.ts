/**
 * Host work a run is waiting for (fetches, timers). The run's loop sleeps in wait() while the VM
 * has nothing to do, and wakes when some of it finishes or at the deadline. When nothing is
 * pending and the function's promise is still unsettled, it can never settle.
 */
export class PendingWork {
  private readonly pending = new Set<object>();
  private wake: (() => void) | undefined;

  get size(): number {
    return this.pending.size;
  }

  add(token: object): void {
    this.pending.add(token);
  }

  done(token: object): void {
    if (this.pending.delete(token)) this.wake?.();
  }

  /** Resolves when some work is done or at `deadline` (a performance.now() time). */
  wait(deadline: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(finish, Math.max(0, deadline - performance.now()));
      this.wake = finish;
    });
  }
}
