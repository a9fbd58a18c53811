import { useMutation } from '@tanstack/react-query';
import { downloadAccountData, EXPORT_FILE_NAME } from '../api';

export function DownloadData() {
  const mutation = useMutation({ mutationFn: downloadAccountData });
  return (
    <section className="card" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p className="muted" id="your-data-help">
        A copy of your account, subscription and invoices, and of your projects with their tasks and document details,
        as one JSON file (<span className="mono">{EXPORT_FILE_NAME}</span>). Uploaded files are not inside it: download
        them from their task.
      </p>
      {mutation.isError && (
        <p className="form-error" role="alert">
          Could not prepare your data. Please try again.
        </p>
      )}
      <button
        type="button"
        className="btn"
        aria-describedby="your-data-help"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        {mutation.isPending ? 'Preparing your data…' : 'Download my data'}
      </button>
    </section>
  );
}
