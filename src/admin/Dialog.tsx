import { useEffect, useRef, type ReactNode } from "react";

/** A modal <dialog>: the browser keeps focus inside it and Escape closes it. */
export function Dialog({ title, onClose, children, wide = false }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const closed = useRef(onClose);
  useEffect(() => {
    closed.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const dialog = ref.current!;
    dialog.showModal();
    // The close event comes a task after close(): one from this effect's own cleanup (React's
    // StrictMode mounts twice in development) arrives when the dialog is open again, and is not a close.
    const close = () => {
      if (!dialog.open) closed.current();
    };
    dialog.addEventListener("close", close);
    return () => {
      dialog.removeEventListener("close", close);
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog ref={ref} aria-labelledby="dialog-title" className={wide ? "dialog wide" : "dialog"}>
      <h2 id="dialog-title">{title}</h2>
      {children}
    </dialog>
  );
}
