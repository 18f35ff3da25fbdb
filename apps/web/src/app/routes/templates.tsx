import { LayoutTemplateIcon } from 'lucide-react';
import { ComingScreen } from '@/components/layouts/coming-screen';

export default function TemplatesRoute() {
  return (
    <ComingScreen
      title="Templates"
      icon={LayoutTemplateIcon}
      summary="Ready-made abilities for your assistants."
      items={[
        'Templates for store FAQ, product finder, order status and more',
        'Template functions and required variables',
        'Your own combinations of template functions',
      ]}
    />
  );
}
