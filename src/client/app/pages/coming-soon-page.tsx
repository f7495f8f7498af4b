import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button';

/** The one placeholder allowed: a route whose feature has not landed yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <p className="text-slate-600">This part of the app is coming soon.</p>
      <Link href="/account" className={buttonClasses('secondary')}>
        Go to your account
      </Link>
    </div>
  );
}
