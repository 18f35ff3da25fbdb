import { AssistantsScreen } from '@/features/assistants/components/assistants-screen';

export default function AssistantsRoute() {
  return <AssistantsScreen />;
}
