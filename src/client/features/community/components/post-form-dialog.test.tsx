import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostInput } from '#shared/schemas/community';
import { PostFormDialog } from './post-form-dialog';

afterEach(cleanup);

const STORED: PostInput = { title: 'Price objections', content: 'How do you answer "too expensive"?', category: 'objections' };

/** As the post page passes it: `initial` rebuilt from the stored post on every render of the page. */
function EditPost({ save }: { save: (input: PostInput) => Promise<unknown> }) {
  const [editing, setEditing] = useState(false);
  const [, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setEditing(true)}>
        Edit
      </button>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        Page re-renders
      </button>
      <PostFormDialog open={editing} onOpenChange={setEditing} heading="Edit Post" submitLabel="Save Changes" initial={{ ...STORED }} save={save} />
    </>
  );
}

const title = () => screen.getByLabelText<HTMLInputElement>('Title');

describe('PostFormDialog', () => {
  it('keeps what is being typed when the page behind it re-renders (a refetched post)', () => {
    render(<EditPost save={vi.fn(async () => undefined)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(title().value).toBe(STORED.title);
    fireEvent.change(title(), { target: { value: 'Price objections, again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Page re-renders', hidden: true }));
    expect(title().value).toBe('Price objections, again');
  });

  it('starts each opening from the post as stored, with no message from the last one', async () => {
    render(<EditPost save={vi.fn(async () => undefined)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(title(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByText('Please fill all fields')).closest('#post-form-error')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Title')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(title().value).toBe(STORED.title);
    expect(screen.queryByText('Please fill all fields')).toBeNull();
  });
});
