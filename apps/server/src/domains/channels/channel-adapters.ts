import type { ChannelName } from '@aisle/contracts/channels';
import type { ChannelAdapter } from './channel-adapter';
import { lineAdapter } from './line/line-adapter';
import { metaAdapter } from './meta/meta-adapter';

/** Every channel's adapter: how its replies leave and what it knows of a customer. */
const ADAPTERS: Record<ChannelName, ChannelAdapter> = {
  messenger: metaAdapter('messenger'),
  instagram: metaAdapter('instagram'),
  whatsapp: metaAdapter('whatsapp'),
  line: lineAdapter,
};

export const adapterOf = (channel: ChannelName): ChannelAdapter => ADAPTERS[channel];
