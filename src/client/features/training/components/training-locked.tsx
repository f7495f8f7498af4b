import { ProLocked } from '../../../components/pro-locked';

/** product §9.1: what a user without Pro sees instead of the course. */
export function TrainingLocked() {
  return <ProLocked title="Sales Training is a Pro feature" description="Four video lessons on discovery, objections, closing and pipeline, with your progress kept." />;
}
