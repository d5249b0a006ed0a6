import { memberWalk } from './checks/member-walk';
import { MEMBER_SCREENS } from './screens';

/** The first half of the member screens, walked by checks/member-walk.ts (the rest: screens-member-2). */
memberWalk(MEMBER_SCREENS.slice(0, Math.ceil(MEMBER_SCREENS.length / 2)));
