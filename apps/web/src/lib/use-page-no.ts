import { useState } from 'react';

/**
 * The page of a server-paged list (agent reports and bills, the wallet's transactions). A filter that changes the rows sends the reader back to
 * page 1 (page 5 of the old filter may not exist in the new one): wrap its setter in `firstPageAfter`.
 */
export function usePageNo() {
  const [pageNo, setPageNo] = useState(1);
  const firstPageAfter =
    <Value>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPageNo(1);
    };
  return { pageNo, setPageNo, firstPageAfter };
}
