// The answer a form of the collection page gets, and where it shows: beside the form it names
// (the products, the details, the hero image); an answer naming none shows above the page.
import { Notice } from "./Notice";

export type CollectionAnswer = { error?: string; fields?: Record<string, string>; done?: string; form?: string };

/** The answer to one of the page's forms, shown above it, or nothing for another form's. */
export function CollectionAnswerNotice({ answer, form }: { answer: CollectionAnswer | undefined; form: string }) {
  return answer?.form === form ? (
    <div className="mb-3">
      {answer.error ? (
        <Notice kind="error">{answer.error}</Notice>
      ) : (
        answer.done && <Notice kind="success">{answer.done}</Notice>
      )}
    </div>
  ) : null;
}
