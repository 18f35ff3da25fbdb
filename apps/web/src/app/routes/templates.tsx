import { FunctionsArea } from '@/features/functions/components/functions-area';
import { TemplatesScreen } from '@/features/templates/components/templates-screen';
import { VariablesPanel } from '@/features/variables/components/variables-panel';

/** The Templates screen holds two other features' panels: functions and variables. */
export default function TemplatesRoute() {
  return <TemplatesScreen functions={<FunctionsArea />} variables={<VariablesPanel />} />;
}
