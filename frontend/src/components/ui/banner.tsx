import './banner.css';

interface Props {
  message: string;
  onDismiss: () => void;
}

export function Banner({ message, onDismiss }: Props) {
  if (!message) return null;
  return (
    <div className="banner banner-error" role="alert">
      <span>{message}</span>
      <button type="button" className="icon-btn" aria-label="Dismiss message" onClick={onDismiss}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
