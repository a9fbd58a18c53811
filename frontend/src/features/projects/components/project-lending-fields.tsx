import { Field, MoneyInput } from '../../../components/form';
import { ADDRESS_MAX, LENDER_NAME_MAX, LOAN_NUMBER_MAX } from '../lending';

interface Props {
  /** The controls' ids are `<prefix>-<field>`, their messages `<prefix>-<field>-error`. */
  prefix: string;
  /** In a dialog: each message is announced as it appears. */
  errorRole?: 'alert';
}

/**
 * The property and the construction loan (issue 34): the street address (on the board, the share
 * page and every draw), the lender and the loan number (on the draw requests), the retainage the
 * lender holds back of each draw and the amount above which a payment needs a lien waiver. Inside
 * a form kit form whose values have these five names (`LendingValues`).
 */
export function ProjectLendingFields({ prefix, errorRole }: Props) {
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <fieldset className="options-fieldset project-lending" data-testid="project-lending">
      <legend>Property and loan</legend>
      <p className="hint project-lending-lead">Optional. They go on your lender&apos;s draw requests.</p>
      <div className="grid-2">
        <Field
          id={id('address')}
          name="address"
          label="Property address"
          className="span-2"
          maxLength={ADDRESS_MAX}
          autoComplete="street-address"
          placeholder="123 Main St, Austin, TX 78701"
          errorRole={errorRole}
          hint="Where the house is being built. It shows on the board, the share page and every draw."
        />
        <Field
          id={id('lender_name')}
          name="lender_name"
          label="Lender"
          maxLength={LENDER_NAME_MAX}
          autoComplete="off"
          placeholder="First Community Bank"
          errorRole={errorRole}
          hint="The bank that holds the construction loan."
        />
        <Field
          id={id('loan_number')}
          name="loan_number"
          label="Loan number"
          maxLength={LOAN_NUMBER_MAX}
          autoComplete="off"
          errorRole={errorRole}
          hint="As your loan papers write it."
        />
        <Field
          id={id('retainage_percent')}
          name="retainage_percent"
          label="Retainage (%)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          errorRole={errorRole}
          hint="What the lender holds back of each draw until the end, 0 to 20 (often 5 or 10)."
        />
        <Field
          id={id('waiver_threshold')}
          name="waiver_threshold"
          label="Lien waiver needed above ($)"
          errorRole={errorRole}
          hint="A payment to a contractor above this needs a signed lien waiver before it goes into a draw."
        >
          {(control) => <MoneyInput inputMode="decimal" autoComplete="off" placeholder="500" {...control} />}
        </Field>
      </div>
    </fieldset>
  );
}
