import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      {/* Decoration: the heading says it in words. Still dark enough to read (slate-600 on white, 7.6:1). */}
      <p aria-hidden className="text-5xl font-bold text-slate-600">
        404
      </p>
      <h1 className="text-2xl font-semibold">Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link href="/" className={buttonClasses('primary')}>
        Go to the home page
      </Link>
    </div>
  );
}
