import { lazy, Suspense, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { LESSON_VIDEO_ACCEPT, LESSON_VIDEO_TYPES, type AdminLesson, type LessonVersionSummary } from '#shared/schemas/lesson-admin';
import type { TrainingPartId } from '#shared/schemas/training';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { describedBy, Field } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useRemoveLessonVideo, useRestoreLessonVersion, useSaveLesson } from '../api/change-lesson';
import { useLessonVersion, useLessonVersions } from '../api/get-lesson-versions';
import { useLessons } from '../api/get-lessons';
import { useUploadLessonVideo } from '../api/upload-lesson-video';
import { formatCount, formatWhen } from '../lib/format-when';
import { AdminQueryState } from './admin-query-state';
import { VersionHistory } from './version-history';

// The diff view (with jsdiff) loads when an admin first opens a version's changes, as in the knowledge base's history.
const KnowledgeDiff = lazy(() => import('./knowledge-diff').then((m) => ({ default: m.KnowledgeDiff })));

const SOURCE_LABELS: Record<AdminLesson['videoSource'], string> = {
  upload: 'Uploaded video',
  version: 'YouTube video set here',
  env: 'YouTube video from TRAINING_VIDEO_IDS',
  none: 'No video: the lesson stands on its own',
};

const who = (u: { username: string } | null) => u?.username ?? 'a deleted account';
const liveLine = (l: AdminLesson) => (l.version ? `Version #${l.version.id}, ${formatWhen(l.version.createdAt)} by ${who(l.version.createdBy)}` : 'The shipped file (not edited)');
/** A file's size as people read it: KB under a megabyte, so a small file does not read "0 MB". */
const megabytes = (bytes: number) => (bytes < 1024 * 1024 ? `${formatCount(Math.max(1, Math.round(bytes / 1024)))} KB` : `${formatCount(Math.round(bytes / (1024 * 1024)))} MB`);

/** A field's message from the server's refusal, when it named that field. */
const fieldError = (err: unknown, field: string) => (err instanceof ApiRequestError ? err.body.errors?.[field]?.[0] : undefined);

/** Issue #27: the four written lessons, each editable as its Markdown file, with its video, history and restore. */
export function LessonsTab() {
  const lessons = useLessons();
  const [open, setOpen] = useState<TrainingPartId | null>(null);
  return (
    <AdminQueryState query={lessons} layout="panel" error="The lessons could not be loaded." loading="Loading the lessons…">
      {({ lessons: list, maxVideoBytes }) => {
        const current = list.find((l) => l.id === open);
        return (
          <div className="space-y-6">
            <Card className="space-y-3">
              <CardTitle>Lessons</CardTitle>
              <CardDescription>Each lesson is its Markdown file. A saved edit is a new version, live for Pro users at once; the history keeps every version.</CardDescription>
              <ul className="divide-y divide-slate-200" aria-label="Lessons">
                {list.map((l) => (
                  <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid={`lesson-${l.id}`}>
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{l.title}</p>
                      <p className="text-sm text-slate-600">{liveLine(l)}</p>
                      <p className="text-sm text-slate-600">{SOURCE_LABELS[l.videoSource]}</p>
                    </div>
                    <Button variant={open === l.id ? 'primary' : 'secondary'} aria-expanded={open === l.id} onClick={() => setOpen(open === l.id ? null : l.id)}>
                      {open === l.id ? 'Close' : 'Edit'}
                      <span className="sr-only"> {l.title}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            </Card>
            {current && <LessonEditor key={`${current.id}:${current.version?.id ?? 0}`} lesson={current} maxVideoBytes={maxVideoBytes} />}
            {current && <LessonHistory partId={current.id} />}
          </div>
        );
      }}
    </AdminQueryState>
  );
}

function LessonEditor({ lesson, maxVideoBytes }: { lesson: AdminLesson; maxVideoBytes: number }) {
  const [source, setSource] = useState(lesson.source);
  const [videoId, setVideoId] = useState(lesson.videoId ?? '');
  const save = useSaveLesson(lesson.id);
  const dirty = source !== lesson.source || videoId.trim() !== (lesson.videoId ?? '');
  const sourceError = fieldError(save.error, 'source');
  const videoIdError = fieldError(save.error, 'videoId');
  const otherError = save.error && !sourceError && !videoIdError ? errorMessage(save.error) : null;

  const submit = () =>
    save.mutate({ source, videoId: videoId.trim() || null }, { onSuccess: (saved) => toast({ title: 'Lesson saved', description: `${saved.title} is live as version #${saved.version?.id ?? '?'}.` }) });

  return (
    <Card className="space-y-4" data-testid="lesson-editor">
      <div className="space-y-1">
        <CardTitle>Edit: {lesson.title}</CardTitle>
        <CardDescription>{liveLine(lesson)}</CardDescription>
      </div>
      <Field id="lesson-source" label="Lesson Markdown" hint="The same format as the shipped file: front matter, then What to do, Why it works, Say it like this, Check and Drill. A malformed lesson is not saved." error={sourceError}>
        <Textarea
          id="lesson-source"
          value={source}
          rows={18}
          spellCheck={false}
          className="font-mono text-sm"
          aria-invalid={Boolean(sourceError)}
          aria-describedby={describedBy('lesson-source', { hint: true, error: sourceError })}
          onChange={(e) => setSource(e.target.value)}
        />
      </Field>
      <Field
        id="lesson-video-id"
        label="YouTube video id (optional)"
        hint={lesson.envVideoId ? `Empty: TRAINING_VIDEO_IDS's ${lesson.envVideoId} plays. An uploaded video plays before either.` : 'Empty: no YouTube video. An uploaded video plays before it.'}
        error={videoIdError}
      >
        <Input
          id="lesson-video-id"
          value={videoId}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={Boolean(videoIdError)}
          aria-describedby={describedBy('lesson-video-id', { hint: true, error: videoIdError })}
          onChange={(e) => setVideoId(e.target.value)}
        />
      </Field>
      {otherError && (
        <FormAlert id="lesson-save-error" title="Not saved">
          {otherError}
        </FormAlert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} disabled={!dirty || save.isPending} aria-describedby={otherError ? 'lesson-save-error' : undefined}>
          {save.isPending ? 'Saving…' : 'Save as a new version'}
        </Button>
        {dirty && (
          <Button
            variant="secondary"
            onClick={() => {
              setSource(lesson.source);
              setVideoId(lesson.videoId ?? '');
              save.reset();
            }}
          >
            Discard changes
          </Button>
        )}
      </div>
      <VideoUpload lesson={lesson} maxVideoBytes={maxVideoBytes} />
    </Card>
  );
}

/** What the browser can tell before sending: the type by name or MIME and the size (the server checks the bytes). */
function refusalOf(file: File, maxVideoBytes: number): string | null {
  const typed = (LESSON_VIDEO_TYPES as readonly string[]).includes(file.type) || /\.(mp4|webm)$/i.test(file.name);
  if (!typed) return `${file.name} is not an MP4 or WebM video.`;
  if (file.size > maxVideoBytes) return `${file.name} is ${megabytes(file.size)}; a lesson's video can be at most ${megabytes(maxVideoBytes)}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

function VideoUpload({ lesson, maxVideoBytes }: { lesson: AdminLesson; maxVideoBytes: number }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useUploadLessonVideo(lesson.id, setProgress);
  const remove = useRemoveLessonVideo(lesson.id);
  const input = useRef<HTMLInputElement>(null);
  const file = lesson.videoFile;

  const onFile = (picked: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!picked) return;
    const refused = refusalOf(picked, maxVideoBytes);
    setRefusal(refused);
    if (refused) return;
    setProgress(0);
    upload.mutate(picked, {
      onSuccess: () => toast({ title: 'Video uploaded', description: `${lesson.title} now plays ${picked.name}.` }),
      onError: (err) => setRefusal(fieldError(err, 'file') ?? errorMessage(err)),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <section className="space-y-3 border-t border-slate-200 pt-4" aria-labelledby="lesson-video-heading">
      <h4 id="lesson-video-heading" className="font-semibold text-slate-900">
        Uploaded video
      </h4>
      <p className="text-sm text-slate-600" data-testid="lesson-video-status">
        {file
          ? `${file.contentType === 'video/webm' ? 'WebM' : 'MP4'}, ${megabytes(file.size)}, uploaded ${formatWhen(file.uploadedAt)} by ${who(file.uploadedBy)}. It plays instead of any YouTube id.`
          : `None. MP4 or WebM, at most ${megabytes(maxVideoBytes)}; it plays instead of any YouTube id.`}
      </p>
      <input ref={input} id="lesson-video-file" type="file" accept={LESSON_VIDEO_ACCEPT} className="sr-only" aria-describedby={refusal ? 'lesson-video-error' : undefined} onChange={(e) => onFile(e.target.files?.[0])} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={upload.isPending} onClick={() => input.current?.click()}>
          <Upload className="h-4 w-4" aria-hidden />
          {upload.isPending ? 'Uploading…' : file ? 'Replace video' : 'Upload video'}
        </Button>
        {file && (
          <Button
            variant="secondary"
            disabled={remove.isPending || upload.isPending}
            onClick={() => remove.mutate(undefined, { onError: (err) => setRefusal(errorMessage(err)), onSuccess: () => toast({ title: 'Video removed' }) })}
          >
            Remove video
          </Button>
        )}
      </div>
      {progress !== null && (
        <div className="space-y-1">
          <progress className="h-2 w-full" max={1} value={progress} aria-label="Upload progress" />
          <p className="text-sm text-slate-600">{Math.round(progress * 100)}% sent</p>
        </div>
      )}
      {refusal && (
        <FormAlert id="lesson-video-error" title="Video not uploaded">
          {refusal}
        </FormAlert>
      )}
    </section>
  );
}

function VersionChanges({ partId, id }: { partId: TrainingPartId; id: number }) {
  const version = useLessonVersion(partId, id);
  return (
    <AdminQueryState query={version} layout="compact" error={errorMessage(version.error)} loading="Loading the changes…">
      {(v) => (
        <Suspense fallback={<p role="status" className="text-sm text-slate-600">Loading the changes…</p>}>
          <KnowledgeDiff before={v.previousSource} after={v.source} />
        </Suspense>
      )}
    </AdminQueryState>
  );
}

function LessonHistory({ partId }: { partId: TrainingPartId }) {
  const versions = useLessonVersions(partId);
  const restore = useRestoreLessonVersion(partId);
  return (
    <VersionHistory<LessonVersionSummary>
      versions={versions}
      restore={restore.mutateAsync}
      restoring={restore.isPending}
      label="Lesson versions"
      testId="lesson-version"
      details={(v) => `by ${who(v.createdBy)}${v.videoId ? ` · video ${v.videoId}` : ''}`}
      changes={(id) => <VersionChanges partId={partId} id={id} />}
      restoreDescription="Its text and video id become the live lesson, as a new version. The versions in between stay in the history."
      empty="No saved versions: the shipped file is live."
    />
  );
}
