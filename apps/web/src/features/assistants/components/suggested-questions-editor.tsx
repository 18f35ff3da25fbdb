import { ANSWER_MAX_LENGTH, QUESTION_MAX_LENGTH, SUGGESTED_QUESTIONS_MAX } from '@aisle/contracts/assistants';
import { ArrowDownIcon, ArrowUpIcon, MessageCircleQuestionIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldError, Textarea } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { FormErrors } from '../assistant-form';
import { addQuestion, moveQuestion, type QuestionRow, removeQuestion, updateQuestion } from '../suggested-questions';

/** Rows of a suggested question and its optional example answer: add, edit, reorder, remove. */
export function SuggestedQuestionsEditor({
  id,
  rows,
  errors,
  onChange,
}: {
  id: string;
  rows: QuestionRow[];
  errors: FormErrors;
  onChange: (rows: QuestionRow[]) => void;
}) {
  const { t } = useTranslation('assistants');
  const full = rows.length >= SUGGESTED_QUESTIONS_MAX;
  return (
    <div className="grid gap-3">
      {rows.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-dashed px-4 py-5 text-muted-foreground text-sm">
          <MessageCircleQuestionIcon className="size-5 shrink-0" aria-hidden="true" />
          {t('questions.empty')}
        </div>
      ) : (
        <ol aria-label={t('questions.listLabel')} className="grid gap-3">
          {rows.map((row, index) => {
            const questionId = `${id}-${row.key}-question`;
            const answerId = `${id}-${row.key}-answer`;
            const questionError = errors[`question:${row.key}`];
            const answerError = errors[`answer:${row.key}`];
            const number = index + 1;
            return (
              <li
                key={row.key}
                aria-label={t('questions.item', { number })}
                className="grid gap-2 rounded-lg border bg-background p-3 dark:bg-input/10"
              >
                <div className="flex items-center gap-2">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted font-medium text-muted-foreground text-xs tabular-nums">
                    {index + 1}
                  </span>
                  <label htmlFor={questionId} className="sr-only">
                    {t('questions.question', { number })}
                  </label>
                  <Input
                    id={questionId}
                    value={row.question}
                    placeholder={t('questions.questionPlaceholder')}
                    maxLength={QUESTION_MAX_LENGTH}
                    onChange={(event) => onChange(updateQuestion(rows, row.key, { question: event.target.value }))}
                    {...describedBy(questionId, questionError)}
                  />
                  <div className="flex shrink-0">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('questions.moveUp', { number })}
                      disabled={index === 0}
                      onClick={() => onChange(moveQuestion(rows, row.key, -1))}
                      className="hidden sm:inline-flex"
                    >
                      <ArrowUpIcon />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('questions.moveDown', { number })}
                      disabled={index === rows.length - 1}
                      onClick={() => onChange(moveQuestion(rows, row.key, 1))}
                      className="hidden sm:inline-flex"
                    >
                      <ArrowDownIcon />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('questions.remove', { number })}
                      onClick={() => onChange(removeQuestion(rows, row.key))}
                      className="text-muted-foreground hover:text-destructive"
                    >
                      <Trash2Icon />
                    </Button>
                  </div>
                </div>
                <FieldError id={`${questionId}-error`} error={questionError} />
                <label htmlFor={answerId} className="sr-only">
                  {t('questions.answer', { number })}
                </label>
                <Textarea
                  id={answerId}
                  value={row.answer}
                  rows={2}
                  placeholder={t('questions.answerPlaceholder')}
                  maxLength={ANSWER_MAX_LENGTH}
                  onChange={(event) => onChange(updateQuestion(rows, row.key, { answer: event.target.value }))}
                  className="min-h-14 sm:ml-8 sm:w-[calc(100%-2rem)]"
                  {...describedBy(answerId, answerError)}
                />
                <FieldError id={`${answerId}-error`} error={answerError} />
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="outline" size="sm" disabled={full} onClick={() => onChange(addQuestion(rows))}>
          <PlusIcon />
          {t('questions.add')}
        </Button>
        <span className="text-muted-foreground text-xs tabular-nums">
          {t(full ? 'questions.counterFull' : 'questions.counter', { used: rows.length, max: SUGGESTED_QUESTIONS_MAX })}
        </span>
      </div>
      <FieldError id={`${id}-error`} error={errors.assistantUserQA} />
    </div>
  );
}
