import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { TextMarkdown } from '@/components/markdown';

interface ChatBubbleProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** The message's words, shown as Markdown (never raw HTML: a character's text is anyone's). */
  text: string;
  /** The user's own message (on the right, in the primary colour) rather than a character's. */
  mine?: boolean;
  /** Shown after the words (the typing indicator of a reply still streaming). */
  after?: ReactNode;
}

/**
 * A message as the chat shows it. The bot's page and the editor's preview show a character's
 * opening in the same bubble, so that what a creator sees is what the chat will draw.
 */
export function ChatBubble({ text, mine = false, after, className, ...props }: ChatBubbleProps) {
  return (
    <div
      className={cn(
        'prose-chat rounded-2xl px-4 py-2.5 text-sm leading-relaxed break-words',
        mine ? 'rounded-tr-sm bg-primary text-primary-foreground' : 'rounded-tl-sm bg-muted',
        className,
      )}
      {...props}
    >
      {text ? <TextMarkdown>{text}</TextMarkdown> : null}
      {after}
    </div>
  );
}
