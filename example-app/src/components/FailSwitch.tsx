import { useEffect, useSyncExternalStore } from 'react';
import { armFailure, disarmFailure, failureArmed, subscribeFailure } from '../api/failSwitch';

/** Makes the next change fail on the server, to watch an optimistic change roll back. */
export function FailSwitch() {
  const armed = useSyncExternalStore(subscribeFailure, failureArmed);
  // The switch belongs to the session: logging out unmounts it, and an armed failure goes too.
  useEffect(() => disarmFailure, []);
  return (
    <div className="fail">
      <button onClick={armFailure} disabled={armed} title="Your next like, post, edit or delete is sent with X-Fail: 500: the server refuses it and the app rolls it back">
        Make the next change fail
      </button>
      {armed && (
        <span className="hint" role="status">
          Your next like, post, edit or delete will fail.
        </span>
      )}
    </div>
  );
}
