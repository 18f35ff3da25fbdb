import type { ChannelName } from '@aisle/contracts/channels';
import { CameraIcon, type LucideIcon, MessageCircleIcon, MessagesSquareIcon, PhoneIcon } from 'lucide-react';

const ICONS: Record<ChannelName, LucideIcon> = {
  messenger: MessageCircleIcon,
  instagram: CameraIcon,
  whatsapp: PhoneIcon,
  line: MessagesSquareIcon,
};

export function ChannelIcon({ channel, className }: { channel: ChannelName; className?: string }) {
  const Icon = ICONS[channel];
  return <Icon className={className} aria-hidden="true" />;
}
