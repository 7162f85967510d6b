import { BENGAL_TIGER } from './bengal-tiger';
import { checkSlotTitle } from './title-checks';

checkSlotTitle(BENGAL_TIGER);
