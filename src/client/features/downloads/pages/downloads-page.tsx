import { useEffect, useState } from 'react';
import { CheckCircle2, Monitor, Smartphone } from 'lucide-react';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { usePublicConfig } from '../../../lib/api/config';

/** Chromium's install prompt event; not in TypeScript's DOM library because only Chromium fires it. */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isStandalone = () => typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true;

/**
 * /downloads, "Get the app" (product §13.5): the app installs from the browser as a progressive
 * web app. Where the browser offers an install prompt we show a button for it; everywhere else,
 * the steps for that kind of device.
 */
export function DownloadsPage() {
  const { productName } = usePublicConfig();
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(isStandalone);

  useEffect(() => {
    const onPrompt = (e: Event) => {
      // Keep the browser's mini-infobar away so the install happens from our button.
      e.preventDefault();
      setPrompt(e as InstallPromptEvent);
    };
    const onInstalled = () => {
      setInstalled(true);
      setPrompt(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    setPrompt(null);
    if (outcome === 'accepted') setInstalled(true);
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <section className="flex flex-col items-center gap-3 text-center">
        <Logo className="h-16 w-16" />
        <h2 className="text-2xl font-bold">Get the {productName} app</h2>
        <p className="text-slate-600">
          {productName} installs straight from your browser on phones, tablets and computers: no app store, no download to
          manage, and it updates itself.
        </p>
        {installed ? (
          <p className="inline-flex items-center gap-2 rounded-lg bg-green-50 px-4 py-2 font-medium text-green-800">
            <CheckCircle2 className="h-5 w-5" aria-hidden />
            The app is installed on this device.
          </p>
        ) : (
          prompt && (
            <Button size="lg" onClick={() => void install()}>
              Install {productName}
            </Button>
          )
        )}
      </section>

      <Card className="space-y-2">
        <div className="flex items-center gap-2">
          <Smartphone className="h-5 w-5 text-blue-600" aria-hidden />
          <CardTitle className="text-base">iPhone and iPad</CardTitle>
        </div>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Open this page in Safari.</li>
          <li>Tap the Share button.</li>
          <li>Choose “Add to Home Screen”, then “Add”.</li>
        </ol>
      </Card>

      <Card className="space-y-2">
        <div className="flex items-center gap-2">
          <Smartphone className="h-5 w-5 text-blue-600" aria-hidden />
          <CardTitle className="text-base">Android</CardTitle>
        </div>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Open this page in Chrome.</li>
          <li>Tap the menu (⋮), then “Install app” or “Add to Home screen”.</li>
        </ol>
      </Card>

      <Card className="space-y-2">
        <div className="flex items-center gap-2">
          <Monitor className="h-5 w-5 text-blue-600" aria-hidden />
          <CardTitle className="text-base">Windows, Mac and Linux</CardTitle>
        </div>
        <CardDescription>
          In Chrome or Edge, click the install icon at the right end of the address bar (or the menu, then “Install
          {` ${productName}`}”). The app opens in its own window and from your dock or Start menu.
        </CardDescription>
      </Card>
    </div>
  );
}
