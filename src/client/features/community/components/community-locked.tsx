import { ProLocked } from '../../../components/pro-locked';

/** product §9.2: what a user without Pro sees instead of the forum. */
export function CommunityLocked() {
  return <ProLocked title="The Community is a Pro feature" description="Ask other sales reps, share what worked on your calls, and learn from the top contributors." />;
}
