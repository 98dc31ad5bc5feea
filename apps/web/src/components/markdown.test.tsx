import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextMarkdown } from './markdown';

const html = (text: string) => renderToStaticMarkup(<TextMarkdown>{text}</TextMarkdown>);

describe('TextMarkdown', () => {
  it('draws no image from another host: a link with its words instead', () => {
    for (const src of ['https://tracker.example/pixel.png', 'http://10.0.0.1/a.png', '//tracker.example/a.png']) {
      const out = html(`Hello ![a wave](${src}) there`);
      expect(out).not.toContain('<img');
      expect(out).toContain(`href="${src}"`);
      expect(out).toContain('a wave');
    }
  });

  it('draws our own pictures, and keeps the rest of Markdown', () => {
    expect(html('![me](/uploads/bots/1/a.webp)')).toContain('<img src="/uploads/bots/1/a.webp" alt="me"/>');
    const out = html('**bold** and <b>raw</b>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).not.toContain('<b>');
  });
});
