import { useState } from 'react';

/** The dialing code of a mobile number: the member's pick, else the first country's (the list may still be loading). */
export function useDialingCode(
  countries: readonly { dialingCode: string }[],
): [dialingCode: string, setDialingCode: (dialingCode: string) => void] {
  const [picked, setPicked] = useState('');
  return [picked || countries[0]?.dialingCode || '', setPicked];
}
