import { useRef, useState } from 'react';
import { FlaskConical, Upload } from 'lucide-react';
import { KNOWLEDGE_EMPTY_MESSAGE, KNOWLEDGE_UPLOAD_EXTENSIONS, KNOWLEDGE_UPLOAD_MAX_BYTES, type KnowledgeBase, type KnowledgeTestResult } from '#shared/schemas/knowledge';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { CoachMarkdown } from '../../../lib/coach-markdown';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useClearKnowledge } from '../api/clear-knowledge-base';
import { useKnowledgeBase } from '../api/get-knowledge-base';
import { useReplaceKnowledge } from '../api/replace-knowledge-base';
import { useTestKnowledge } from '../api/test-knowledge';
import { useUploadKnowledgeFile } from '../api/upload-knowledge-file';
import { formatCount, formatWhen } from '../lib/format-when';
import { readKnowledgeFile } from '../lib/read-knowledge-file';
import { AdminQueryState } from './admin-query-state';
import { ConfirmDialog } from './confirm-dialog';
import { KnowledgeHistory } from './knowledge-history';

const DEFAULT_TEST_MESSAGE = 'How do I handle a price objection at the close?';
/** product §15.7: the test's result toast stays for 5 seconds. */
const TEST_TOAST_MS = 5000;

/** product §12: the knowledge base the coach draws on: view, replace, clear, upload, test, history. */
export function KnowledgeTab() {
  const knowledge = useKnowledgeBase();
  return (
    <AdminQueryState query={knowledge} layout="panel" error="Failed to fetch knowledge base" loading="Loading the knowledge base…">
      {(kb) => <KnowledgeEditor kb={kb} />}
    </AdminQueryState>
  );
}

function KnowledgeEditor({ kb }: { kb: KnowledgeBase }) {
  const replace = useReplaceKnowledge();
  const clear = useClearKnowledge();
  const upload = useUploadKnowledgeFile();
  const test = useTestKnowledge();
  /** The editor's text while it differs from the saved one; null shows the saved text. */
  const [draft, setDraft] = useState<string | null>(null);
  const [emptyError, setEmptyError] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  // A refusal of the save or the upload, above the buttons until the next try: a toast went after
  // a few seconds and, on a phone, sat far from the buttons (issue #25).
  const [failure, setFailure] = useState<{ title: string; description: string } | null>(null);
  const [testMessage, setTestMessage] = useState(DEFAULT_TEST_MESSAGE);
  const [result, setResult] = useState<KnowledgeTestResult | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const saved = kb.knowledge;
  const text = draft ?? saved;
  const dirty = draft !== null && draft !== saved;
  const { version } = kb;
  const busy = replace.isPending || clear.isPending || upload.isPending;

  const save = () => {
    setFailure(null);
    // Said under the field itself, which Save points at.
    if (!text.trim()) return setEmptyError(true);
    replace.mutate(text, {
      onSuccess: () => {
        setDraft(null);
        toast({ title: 'Knowledge base updated successfully' });
      },
      onError: (err) => setFailure({ title: 'Not saved', description: errorMessage(err) }),
    });
  };

  const doClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        setConfirmClear(false);
        setDraft(null);
        setResult(null);
        toast({ title: 'Knowledge Base Cleared', description: 'The coach has no knowledge base until you add to it.' });
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
    });

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setFailure(null);
    const read = await readKnowledgeFile(file);
    if (!read.ok) return setFailure({ title: 'Upload refused', description: read.message });
    upload.mutate(read.input, {
      onSuccess: (res) => {
        setDraft(null);
        toast({ title: 'File Uploaded', description: `${formatCount(res.charactersAdded)} characters added from ${read.input.fileName}.` });
      },
      onError: (err) => setFailure({ title: 'Upload refused', description: errorMessage(err) }),
    });
  };

  const runTest = () =>
    test.mutate(
      { testMessage },
      {
        onSuccess: (res) => {
          setResult(res);
          toast({ title: 'Knowledge Test Complete', description: `The coach answered using a knowledge base of ${formatCount(res.knowledgeBaseLength)} characters.`, durationMs: TEST_TOAST_MS });
        },
        onError: (err) => toast({ title: 'Test Failed', description: errorMessage(err), variant: 'destructive' }),
      },
    );

  return (
    <div className="space-y-6">
      <Card className="space-y-4">
        <div className="space-y-1">
          <CardTitle>Knowledge base</CardTitle>
          <CardDescription data-testid="knowledge-summary">
            {formatCount(saved.length)} characters
            {version && (
              <>
                {' '}
                · last changed {formatWhen(version.createdAt)} by {version.createdBy?.username ?? (version.note === 'Starter playbook' ? 'the app' : 'a deleted account')}: {version.note}
              </>
            )}
          </CardDescription>
          <p className="text-sm text-slate-600">Stored in the database with every version kept; a change reaches the coach with the next message.</p>
        </div>
        <Field id="knowledge-text" label="Knowledge content" hint="Markdown headings (## Section) split it into the passages the coach searches." error={emptyError ? KNOWLEDGE_EMPTY_MESSAGE : undefined}>
          <Textarea
            id="knowledge-text"
            value={text}
            rows={16}
            spellCheck={false}
            className="font-mono text-sm"
            aria-invalid={emptyError}
            aria-describedby={describedBy('knowledge-text', { hint: true, error: emptyError })}
            onChange={(e) => {
              setDraft(e.target.value);
              if (e.target.value.trim()) setEmptyError(false);
            }}
          />
        </Field>
        {dirty && <p className="text-sm font-medium text-amber-800">Unsaved changes. Upload and Test use the saved knowledge base.</p>}
        {failure && (
          <FormAlert id="knowledge-error" title={failure.title}>
            {failure.description}
          </FormAlert>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={save} disabled={busy || !dirty} aria-describedby={failure ? 'knowledge-error' : emptyError ? 'knowledge-text-error' : undefined}>
            {replace.isPending ? 'Saving…' : 'Save changes'}
          </Button>
          {dirty && (
            <Button variant="secondary" onClick={() => setDraft(null)} disabled={busy}>
              Discard changes
            </Button>
          )}
          <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={busy || dirty} aria-describedby={failure ? 'knowledge-error' : undefined}>
            <Upload className="h-4 w-4" aria-hidden />
            {upload.isPending ? 'Uploading…' : 'Upload file'}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={KNOWLEDGE_UPLOAD_EXTENSIONS.join(',')}
            // Out of sight and out of the tab order: the Upload file button opens it.
            hidden
            aria-label="Knowledge file to upload"
            data-testid="knowledge-file-input"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <Button variant="secondary" className="border-red-300 text-red-700 hover:bg-red-50" onClick={() => setConfirmClear(true)} disabled={busy || dirty || saved === ''}>
            Clear
          </Button>
        </div>
        <p className="text-xs text-slate-600">
          Upload: {KNOWLEDGE_UPLOAD_EXTENSIONS.join(', ')} files of plain text, up to {KNOWLEDGE_UPLOAD_MAX_BYTES / 1024} KB, added after a blank line.
        </p>
      </Card>

      <Card className="space-y-4">
        <div className="space-y-1">
          <CardTitle className="flex items-center gap-2">
            <FlaskConical className="h-5 w-5 text-slate-600" aria-hidden />
            Test the knowledge base
          </CardTitle>
          <CardDescription>Ask the coach something as a rep would; it answers with the saved knowledge base, and nothing is stored.</CardDescription>
        </div>
        <Field id="knowledge-test-message" label="Test message">
          <Input id="knowledge-test-message" value={testMessage} onChange={(e) => setTestMessage(e.target.value)} />
        </Field>
        <Button onClick={runTest} disabled={test.isPending || !text.trim() || !testMessage.trim() || dirty}>
          {test.isPending ? 'Testing…' : 'Test'}
        </Button>
        {result && (
          <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="knowledge-test-result">
            <p className="text-sm font-medium text-slate-800">Knowledge base: {formatCount(result.knowledgeBaseLength)} characters</p>
            {result.passages.length > 0 && <p className="text-sm text-slate-700">Passages used: {result.passages.join('; ')}</p>}
            {/* The coach's answer as the rep would see it in the chat: its Markdown rendered, safely. */}
            <div className="rounded-lg bg-white px-3 py-2 text-slate-900" data-testid="knowledge-test-answer">
              <CoachMarkdown text={result.aiResponse} />
            </div>
          </div>
        )}
      </Card>

      <KnowledgeHistory />

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title="Clear the knowledge base?"
        description="The coach will have no knowledge base until you add to it. The current text stays in the version history, so you can restore it."
        confirmLabel="Clear knowledge base"
        destructive
        busy={clear.isPending}
        onConfirm={doClear}
      />
    </div>
  );
}
