// Loaded only when a Stripe publishable key is configured.
import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { subscriptionKeys, updatePaymentMethod } from '../api';
import '../subscription.css';

function CardForm() {
  const stripe = useStripe();
  const elements = useElements();
  const qc = useQueryClient();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setBusy(true);
    setMessage('');
    try {
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error || !paymentMethod) {
        console.error(error);
        setMessage(error?.message ?? '');
        return;
      }
      const res = await updatePaymentMethod(paymentMethod.id);
      setMessage(res?.message ?? 'Payment method updated.');
      card.clear();
      await qc.invalidateQueries({ queryKey: subscriptionKeys.all });
    } catch (err) {
      console.error('Update payment method failed', err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="stack-sm">
      <div className="field">
        <span className="label">Card details</span>
        <div className="stripe-card">
          <CardElement options={{ hidePostalCode: false }} />
        </div>
      </div>
      <button className="btn btn-primary" type="submit" disabled={!stripe || busy}>
        {busy ? 'Updating…' : 'Update Card'}
      </button>
      {message && (
        <p className="hint" role="status">
          {message}
        </p>
      )}
    </form>
  );
}

export default function StripeCardForm({ publishableKey }: { publishableKey: string }) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <CardForm />
    </Elements>
  );
}
