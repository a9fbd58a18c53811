import { useAppConfig } from '../../../config/app-config';

/** The configured support address (GET /api/config/) as a mailto link. */
export function SupportEmail({ subject }: { subject?: string }) {
  const config = useAppConfig();
  if (config.status === 'pending') return <span className="pub-muted">loading the support address…</span>;
  const email = config.data?.support_email;
  if (config.status === 'error' || !email) {
    return <span>our support team (the address could not be loaded; please reload the page)</span>;
  }
  const href = `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  return (
    <a href={href} data-testid="support-email">
      {email}
    </a>
  );
}
