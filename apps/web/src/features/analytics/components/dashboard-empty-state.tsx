import { LayoutDashboardIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';

const STEPS = [
  { to: paths.store, label: 'Connect your store', detail: 'so your assistant knows your products and policies.' },
  { to: paths.store, label: 'Run the setup wizard', detail: 'to build an assistant from your store in a few minutes.' },
  { to: paths.assistants, label: 'Share an assistant', detail: 'on your storefront, a chat link or a messaging channel.' },
];

/** A new merchant's dashboard: what to do first for numbers to appear. */
export function DashboardEmptyState() {
  return (
    <EmptyState icon={LayoutDashboardIcon} title="No customer conversations yet" className="rounded-xl border bg-card">
      <p className="mt-1 max-w-md text-muted-foreground text-sm">
        Once customers chat with your assistant, you will see here who it helped, the time and money it saved and what it cost.
      </p>
      <ol className="mt-4 space-y-2 text-left text-sm">
        {STEPS.map((step, index) => (
          <li key={step.label}>
            <span className="mr-2 text-muted-foreground tabular-nums">{index + 1}.</span>
            <Link to={step.to} className="font-medium text-primary underline-offset-4 hover:underline">
              {step.label}
            </Link>{' '}
            <span className="text-muted-foreground">{step.detail}</span>
          </li>
        ))}
      </ol>
    </EmptyState>
  );
}
