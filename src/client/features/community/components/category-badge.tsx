import { categoryName, type CommunityCategoryId } from '#shared/schemas/community';
import { Badge } from '../../../components/ui/badge';

const TONES: Record<CommunityCategoryId, 'blue' | 'green' | 'amber' | 'purple' | 'neutral'> = {
  prospecting: 'blue',
  closing: 'green',
  objections: 'amber',
  crm: 'purple',
  career: 'neutral',
  general: 'neutral',
};

export function CategoryBadge({ category }: { category: CommunityCategoryId }) {
  return <Badge tone={TONES[category]}>{categoryName(category)}</Badge>;
}
