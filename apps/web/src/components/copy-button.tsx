import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

const COPIED_MS = 2_000;

/** Copies `text` to the clipboard; the icon turns into a tick for two seconds, a failure is a toast. */
export function CopyButton({
  text,
  label,
  copiedLabel,
  size = 'sm',
  variant = 'outline',
}: {
  text: string;
  /** What is copied, for the button's name: "Copy link". */
  label: string;
  copiedLabel?: string;
  size?: 'sm' | 'icon-sm';
  variant?: 'outline' | 'ghost' | 'secondary';
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copiedText = copiedLabel ?? t('copy.copied');

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      console.warn('copying failed', error);
      toast.error(t('copy.failed'));
    }
  };

  const Icon = copied ? CheckIcon : CopyIcon;
  return (
    <Button
      type="button"
      size={size}
      variant={variant}
      onClick={() => void copy()}
      aria-label={size === 'icon-sm' ? (copied ? copiedText : label) : undefined}
    >
      <Icon aria-hidden="true" />
      {size === 'icon-sm' ? null : copied ? copiedText : label}
    </Button>
  );
}
