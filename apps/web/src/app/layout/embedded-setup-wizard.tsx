import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { paths } from '@/config/paths';
import { SetupWizard } from '@/features/setup-wizard/components/setup-wizard';
import type { WizardRecord } from '@/features/setup-wizard/wizard-record';

/**
 * Spec §2 layout state: authenticated, embedded, wizard not completed and the wizard state
 * initialised: the setup wizard is shown instead of the app. Once the run completes the app
 * opens on the dashboard; once skipped, where the user was.
 */
export default function EmbeddedSetupWizard({ fallback }: { fallback: ReactNode }) {
  const wizards = useCollection<WizardRecord>('wizards');
  const record = wizards.items[0];
  const navigate = useNavigate();
  const [skipped, setSkipped] = useState(false);
  const showing = wizards.status.state === 'initialised' && !record?.completed && !skipped;
  const wasShowing = useRef(false);

  useEffect(() => {
    if (showing) wasShowing.current = true;
    else if (wasShowing.current && record?.completed && !skipped) {
      wasShowing.current = false;
      navigate(paths.dashboard, { replace: true });
    }
  }, [showing, record?.completed, skipped, navigate]);

  return showing ? <SetupWizard record={record} onSkip={() => setSkipped(true)} /> : fallback;
}
