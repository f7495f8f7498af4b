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

  it('neither creates nor preloads an image, however it is written', () => {
    const { container } = render(<CoachMarkdown text={'![a](https://tracker/p.png) and ![b][ref]\n\n[ref]: https://tracker/q.png'} />);
    expect(container.querySelector('img')).toBeNull();
    // React 19 hoists a preload for an <img> it renders; none may reach the document either.
    expect(document.querySelector('link[rel="preload"]')).toBeNull();
    expect(container.innerHTML).not.toContain('tracker');
    expect(container.textContent).toContain('a and b');
  });

  it('keeps a single raw <img> and <script> as text', () => {
    const img = render(<CoachMarkdown text={'<img src=x onerror=alert(1)>'} />).container;
    expect(img.querySelector('img')).toBeNull();
    expect(img.querySelector('[onerror]')).toBeNull();
    expect(img.textContent).toBe('<img src=x onerror=alert(1)>');
    cleanup();
    const script = render(<CoachMarkdown text={'<script>alert(1)</script>'} />).container;
    expect(script.querySelector('script')).toBeNull();
    expect(script.textContent).toBe('<script>alert(1)</script>');
  });

  it('keeps raw links and inline handlers as text', () => {
    const { container } = render(<CoachMarkdown text={'<a href="javascript:alert(1)">x</a> <b onmouseover="alert(1)">y</b>'} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<a href="javascript:alert(1)">x</a>');
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['&#x6A;avascript:alert(1)'],
    ['java%0ascript:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['data:text/html,%3Cscript%3Ealert(1)%3C/script%3E'],
    // markdown-to-jsx's own filter lets this one through: it expects data: images.
    ['data:image/svg+xml,%3Csvg%20onload=alert(1)%3E'],
    ['file:///etc/passwd'],
  ])('drops the link target %s', (target) => {
    const { container } = render(<CoachMarkdown text={`[x](<${target}>)`} />);
    const link = container.querySelector('a');
    expect(link?.textContent).toBe('x');
    expect(link?.getAttribute('href') ?? '').toBe('');
  });

  it.each([['https://example.com/a?b=c:d'], ['mailto:coach@example.com'], ['/account'], ['#top'], ['notes/q3:plan']])('keeps the safe link target %s', (target) => {
    render(<CoachMarkdown text={`[x](${target})`} />);
    expect(screen.getByRole('link', { name: 'x' }).getAttribute('href')).toBe(target);
  });

  it('leaves a bare address as text, as CommonMark does', () => {
    const { container } = render(<CoachMarkdown text={'See https://example.com/spin today'} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('See https://example.com/spin today');
  });

  it('decodes HTML entities into text, never into markup', () => {
    const { container } = render(<CoachMarkdown text={'Q&amp;A &copy; &lt;b&gt;bold?&lt;/b&gt;'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('Q&A © <b>bold?</b>');
  });

  it('renders a one-line reply as a paragraph, and headings as bold lines rather than page headings', () => {
    const { container } = render(<CoachMarkdown text={'# Plan\n\nCall them back.'} />);
    expect(container.querySelector('h1')).toBeNull();
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Plan', 'Call them back.']);
    expect(container.querySelector('p')?.className).toContain('font-semibold');
  });

  it('styles blockquotes, code and lists with the bubble classes', () => {
    const { container } = render(<CoachMarkdown text={'> **Quote** this\n\n1. one\n2. two\n\nSay `SPIN`.'} />);
    expect(container.querySelector('blockquote')?.className).toContain('border-l-4');
    expect(container.querySelector('blockquote strong')?.textContent).toBe('Quote');
    expect(container.querySelector('ol')?.className).toContain('list-decimal');
    expect(container.querySelector('code')?.className).toContain('font-mono');
    // The renderer's own attributes (list start, heading ids) are not passed on.
    expect(container.querySelector('ol')?.hasAttribute('start')).toBe(false);
  });

  it('renders a table in a scrolling box', () => {
    const { container } = render(<CoachMarkdown text={'| Step | Ask |\n|---|---|\n| 1 | Situation |'} />);
    expect(container.querySelector('table')?.parentElement?.className).toContain('overflow-x-auto');
    expect([...container.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1', 'Situation']);
  });
});
