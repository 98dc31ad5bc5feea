import type { ComponentProps } from 'react';
import Markdown from 'react-markdown';
import { isOwnImagePath } from '@app/shared/bots/validation';

/**
 * An image of a character's text or a message: drawn only when it is a picture of this site. One
 * on another host (`![](https://…)` in a description, a greeting or a model's reply) would make
 * every reader's browser call that host, as outside avatars did (decision 038): it shows as a
 * link with its words instead, which loads nothing until someone follows it.
 */
function OwnImage({ src, alt, node: _node, ...props }: ComponentProps<'img'> & { node?: unknown }) {
  if (typeof src === 'string' && isOwnImagePath(src)) return <img src={src} alt={alt ?? ''} {...props} />;
  if (!src || typeof src !== 'string') return alt ? <span>{alt}</span> : null;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer nofollow">
      {alt || src}
    </a>
  );
}

const COMPONENTS = { img: OwnImage };

/** Markdown as the app shows anyone's text: never raw HTML (react-markdown's default), and no outside images. */
export function TextMarkdown({ children }: { children: string }) {
  return <Markdown components={COMPONENTS}>{children}</Markdown>;
}
