import { useState } from 'react';
import { useLoading } from 'rtk-rest/react';
import { failNext } from '../api/resources';

/** Asks the demo server to fail the next request, to watch an optimistic change roll back. */
export function FailSwitch() {
  const [armed, setArmed] = useState(false);
  const [arm, arming] = useLoading(async () => {
    await failNext({ status: 500 });
    setArmed(true);
  });
  return (
    <div className="fail">
      <button onClick={() => void arm()} disabled={arming} title="The demo server answers 500 to its next request">
        Make the next request fail
      </button>
      {armed && <span className="hint" role="status">The next request will fail.</span>}
    </div>
  );
}
