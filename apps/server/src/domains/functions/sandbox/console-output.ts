import { describeBytes } from './describe-size';

/**
 * The lines a function writes with console.log/info/warn/error, warn and error prefixed by their
 * level. Past `limitBytes` the last line is cut, one line says the output was truncated, and
 * later output is dropped: the run goes on, since a function that logs a lot should still answer.
 */
export class ConsoleOutput {
  readonly lines: string[] = [];
  private used = 0;
  private truncated = false;

  constructor(private readonly limitBytes: number) {}

  /** Whether output is being dropped now. */
  get full(): boolean {
    return this.truncated;
  }

  write(level: string, text: string): void {
    if (this.truncated) return;
    const line = level === 'warn' || level === 'error' ? `[${level}] ${text}` : text;
    const size = Buffer.byteLength(line);
    if (this.used + size <= this.limitBytes) {
      this.used += size;
      this.lines.push(line);
      return;
    }
    const room = this.limitBytes - this.used;
    if (room > 0) this.lines.push(cut(line, room));
    this.lines.push(`[output truncated: the function wrote more than ${describeBytes(this.limitBytes)}]`);
    this.truncated = true;
  }
}

/** The longest start of `text` that fits in `bytes` UTF-8 bytes, never splitting a character. */
function cut(text: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const char of text) {
    used += Buffer.byteLength(char);
    if (used > bytes) break;
    end += char.length;
  }
  return text.slice(0, end);
}
