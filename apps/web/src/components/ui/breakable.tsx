import { Fragment } from 'react';

/**
 * Text with no spaces (an action name "patient.summary.read", an e-mail address) that may wrap
 * only where a reader expects it to: after a dot, before "@". Each such place gets a <wbr>, and
 * nothing else may break, so a narrow cell never splits a word.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=\.)|(?=@)/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
