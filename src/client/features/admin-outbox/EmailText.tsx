// An e-mail's text as it was sent, its web addresses made into links (a reset or sign-in link can be
// followed from here on a machine without SMTP). Only http(s) addresses become links; everything
// else stays text, so nothing in an e-mail can run in the admin's page.
import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

export function EmailText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <div className="whitespace-pre-wrap break-words rounded-xl border border-line bg-white p-4 font-mono text-sm leading-relaxed text-ink">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline underline-offset-2">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </div>
  );
}
