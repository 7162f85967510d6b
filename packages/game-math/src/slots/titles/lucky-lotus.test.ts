import { LUCKY_LOTUS } from './lucky-lotus';
import { checkSlotTitle } from './title-checks';

checkSlotTitle(LUCKY_LOTUS);
