import { NavLink } from 'react-router';
import { MSG } from '../../../shared/messages/member-flows';
import '../../components/money-ui.css';

/** The toggle between the crypto and the KRW withdrawal screens. */
export function WithdrawTabs() {
  return (
    <nav className="segmented" aria-label={MSG.withdraw.tabsLabel}>
      <NavLink to="/assets/withdraw" end replace>
        {MSG.withdraw.tabCrypto}
      </NavLink>
      <NavLink to="/assets/withdraw-krw" end replace>
        {MSG.withdraw.tabKrw}
      </NavLink>
    </nav>
  );
}
