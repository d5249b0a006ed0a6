import { memberWalk } from './checks/member-walk';
import { MEMBER_SCREENS } from './screens';

/** The second half of the member screens, walked by checks/member-walk.ts (the first: screens-member). */
memberWalk(MEMBER_SCREENS.slice(Math.ceil(MEMBER_SCREENS.length / 2)));
