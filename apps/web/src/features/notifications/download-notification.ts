import type { NotificationItem } from './notification-counts';

/** Saves a notification's attachment (`presignedGet`) as `<id>.json` (spec §2, §7). Failures are logged only (spec §8). */
export async function downloadNotification(item: NotificationItem): Promise<void> {
  if (!item.presignedGet) return;
  try {
    const response = await fetch(item.presignedGet);
    if (!response.ok) throw new Error('Network response was not ok');
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `${item.id}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  } catch (error) {
    console.error('notification download failed', error);
  }
}
