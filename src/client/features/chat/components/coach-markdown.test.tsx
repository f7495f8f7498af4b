// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CoachMarkdown } from './coach-markdown';

afterEach(cleanup);

describe('CoachMarkdown', () => {
  it('shows raw HTML as text and never creates the elements', () => {
    const { container } = render(<CoachMarkdown text={'Try this: <img src=x onerror=alert(1)> and <script>alert("x")</script> now'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.textContent).toContain('<script>');
  });

  it('shows a block of raw HTML as text too', () => {
    const { container } = render(<CoachMarkdown text={'<div onclick="steal()"><iframe src="https://evil.example"></iframe></div>'} />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.textContent).toContain('<iframe src="https://evil.example">');
  });

  it('renders Markdown: emphasis and lists', () => {
    const { container } = render(<CoachMarkdown text={'**Ask first.**\n\n- Situation\n- Problem'} />);
    expect(container.querySelector('strong')?.textContent).toBe('Ask first.');
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Situation', 'Problem']);
  });

  it('opens links in a new tab without opener or referrer, and drops javascript: links', () => {
    render(<CoachMarkdown text={'[SPIN](https://example.com/spin) and [click](javascript:alert(1))'} />);
    const link = screen.getByRole('link', { name: 'SPIN' });
    expect(link.getAttribute('href')).toBe('https://example.com/spin');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const unsafe = screen.getByText('click');
    expect(unsafe.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('shows an image as its alt text instead of loading it', () => {
    const { container } = render(<CoachMarkdown text={'![pixel](https://tracker.example/p.gif)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('pixel');
  });
});
