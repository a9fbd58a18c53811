import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../../../config/app-config';

/** The configured support address (GET /api/config/) as a mailto link. */
export function SupportEmail({ subject }: { subject?: string }) {
  const { data, isPending, isError } = useQuery(configQuery());
  if (isPending) return <span className="pub-muted">loading the support address…</span>;
  const email = data?.support_email;
  if (isError || !email) {
    return <span>our support team (the address could not be loaded; please reload the page)</span>;
  }
  const href = `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  return (
    <a href={href} data-testid="support-email">
      {email}
    </a>
  );
}
