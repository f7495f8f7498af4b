import { Gift, GraduationCap, Layers, MessageSquare, User, Users } from 'lucide-react';
import type { TabIconName } from '../routes';

/**
 * The tab bar's icons, a chunk of their own: the tab bar shows only to a signed-in user, while the
 * first chunk is shared by `/`, `/auth` and `/signup`, which have no tab bar and no bytes to spare
 * under their 100 KB budget. The chunk is requested as the tab bar first renders, beside the page's.
 */
const ICONS = { chat: MessageSquare, training: GraduationCap, deck: Layers, community: Users, referrals: Gift, account: User } as const satisfies Record<TabIconName, unknown>;

export default function TabIcon({ name }: { name: TabIconName }) {
  const Icon = ICONS[name];
  return <Icon className="h-5 w-5" aria-hidden />;
}
