import { ProLocked } from '../../../components/pro-locked';

/** product §9.1: what a user without Pro sees instead of the course. */
export function TrainingLocked() {
  return <ProLocked title="Sales Training is a Pro feature" description="Four written lessons on discovery, objections, closing and openers, each with a check and a role-play drill, with your progress kept." />;
}
