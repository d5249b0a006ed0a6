import { formatPhone } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import { fillMessage } from '../../../shared/messages/profile';
import {
  type ProfileView,
  requestEmailChangeBodySchema,
  updateContactBodySchema,
} from '../../../shared/schemas/profile';
import { refusalMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { EditableRow } from './editable-row';
import { ProfileCard, ProfileRow } from './profile-card';
import { useRequestEmailChange, useUpdateContact } from './use-profile';

const P = MSG.profile;

const firstIssue = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? MSG.common.invalidInput);

/** Read-only username and full name; contact and email each with edit / confirm / cancel. */
export function ProfileInfoSection({ profile }: { profile: ProfileView }) {
  const contact = useUpdateContact();
  const email = useRequestEmailChange();

  const saveContact = async (value: string) => {
    try {
      await contact.mutateAsync({ contact: value });
      toast.success(P.contactUpdated);
    } catch (err) {
      toast.error(P.contactFailed);
      throw new Error(refusalMessage(err, P.contactFailed));
    }
  };

  const saveEmail = async (value: string) => {
    try {
      await email.mutateAsync({ email: value });
      toast.success(P.emailRequested);
    } catch (err) {
      // SPEC §8: 'Error: ' plus the error message, or 'email update failed.'
      const message = refusalMessage(err, P.emailFailed);
      toast.error(`${P.emailFailedPrefix}${message}`);
      throw new Error(message);
    }
  };

  return (
    <ProfileCard title={P.infoTitle}>
      <dl className="profile-list">
        <ProfileRow label={P.username} value={profile.username} />
        <ProfileRow label={P.fullName} value={profile.full_name} />
        <EditableRow
          label={P.contact}
          editLabel={P.editContact}
          value={profile.contact}
          display={formatPhone}
          input={{ type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: P.contactPlaceholder }}
          validate={(v) => firstIssue(updateContactBodySchema.safeParse({ contact: v }))}
          save={saveContact}
          busy={contact.isPending}
        />
        <EditableRow
          label={P.email}
          editLabel={P.editEmail}
          value={profile.email}
          input={{
            type: 'email',
            inputMode: 'email',
            autoComplete: 'email',
            placeholder: P.emailPlaceholder,
          }}
          validate={(v) => firstIssue(requestEmailChangeBodySchema.safeParse({ email: v }))}
          save={saveEmail}
          busy={email.isPending}
          note={
            profile.pending_email ? (
              <>
                <span className="status-badge status-warning">{P.emailPending}</span>{' '}
                <span>{fillMessage(P.emailPendingNote, { email: profile.pending_email.email })}</span>
              </>
            ) : null
          }
        />
      </dl>
    </ProfileCard>
  );
}
