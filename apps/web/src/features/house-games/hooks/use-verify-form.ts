import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import type { LotteryVerifyOutcome } from '../utils/verify-lottery-draw';
import type { SlotVerifyOutcome } from '../utils/verify-slot-round';

/** Why a verifier refused its inputs (each reason has a message under houseGames.verify.errors). */
export type VerifyError = Extract<SlotVerifyOutcome | LotteryVerifyOutcome, { ok: false }>['error'];

/** The outcome every verifier returns: recomputed, with the commitment checked, or refused with a reason. */
export type VerifyOutcome = { ok: true; isCommitmentValid: boolean } | { ok: false; error: VerifyError };

/**
 * The state of a verify form (slot round or lottery draw): the fields start empty, are filled
 * from the server's record once it arrives (the person may still edit them), and the verifier
 * runs in the browser on submit. A new record clears the previous outcome. `bind` gives a field's
 * input its name, value and change handler.
 */
export function useVerifyForm<Input, Record, Outcome extends VerifyOutcome>(options: {
  empty: Input;
  record: Record | undefined;
  fromRecord: (record: Record) => Input;
  verify: (input: Input) => Outcome;
}) {
  const { empty, record, fromRecord, verify } = options;
  const [form, setForm] = useState<Input>(empty);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when a new record arrives.
  useEffect(() => {
    if (record === undefined) return;
    setForm(fromRecord(record));
    setOutcome(null);
  }, [record]);

  const update = (field: keyof Input) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  /** An input's or select's props for one text field of the form: its name (the field's own unless given), value and change. */
  const bind = (field: keyof Input & string, name: string = field) => ({
    name,
    value: (form[field] as string | undefined) ?? '',
    onChange: update(field),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(verify(form));
  };
  return { form, outcome, bind, submit };
}
