// A button that opens the file chooser. The file input stays in the page for assistive technologies
// (named, described by the hint) but out of sight and out of the tab order: the button is the control.
import { useRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';

export type FilePickButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  /** Id of the hidden input; its hint is `${inputId}-hint`. */
  inputId: string;
  accept: string;
  /** The input's accessible name ('Vidéo du cours'). */
  inputLabel: string;
  onFile: (file: File | undefined) => void;
  children: ReactNode;
};

export function FilePickButton({ inputId, accept, inputLabel, onFile, children, ...button }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        aria-describedby={`${inputId}-hint`}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          // The same file chosen again after a failure must fire again.
          e.target.value = '';
        }}
      />
      <Button {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}
