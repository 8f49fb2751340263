import { useRef, useState } from "react";

/** Start playback; browsers that refuse sound without a gesture get a muted start instead. */
function autoplay(video) {
  video?.play()?.catch(() => {
    video.muted = true;
    video.play().catch(() => {});
  });
}

/** Poster with a play button opening a native modal <dialog>; the <video> exists only while open, so closing stops it. */
export function VideoModal({ dialogId, src, title, playLabel, closeLabel, onClose, className, playClassName, dialogClassName, closeClassName, children }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef(null);
  const playButton = useRef(null);

  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  const handleClose = () => {
    setOpen(false);
    playButton.current?.focus();
    onClose?.();
  };

  return (
    <div className={className}>
      {children}
      <button ref={playButton} type="button" aria-label={playLabel} aria-haspopup="dialog" aria-controls={dialogId} onClick={show} className={playClassName}>
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" fill="currentColor"><path d="M8 5.5v13l11-6.5z" /></svg>
      </button>
      <dialog
        ref={dialog}
        id={dialogId}
        aria-label={title}
        onClose={handleClose}
        onClick={(event) => event.target === dialog.current && dialog.current.close()}
        className={dialogClassName}
      >
        <button type="button" aria-label={closeLabel} onClick={() => dialog.current.close()} className={closeClassName}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M6 6l12 12M18 6L6 18" /></svg>
        </button>
        <div className="aspect-video w-full bg-black">
          {open && <video ref={autoplay} src={src} title={title} controls playsInline className="h-full w-full" />}
        </div>
      </dialog>
    </div>
  );
}
