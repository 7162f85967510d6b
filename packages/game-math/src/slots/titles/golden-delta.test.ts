import { GOLDEN_DELTA } from './golden-delta';
import { checkSlotTitle } from './title-checks';

checkSlotTitle(GOLDEN_DELTA);
