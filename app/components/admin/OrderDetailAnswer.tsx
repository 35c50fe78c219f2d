// The answer a form of the order page gets (a note added, a move made, a contact blocked), shown
// beside the form that was sent and brought into sight.
import { Notice, Revealed } from "./Notice";

export interface OrderAnswer {
  intent: string;
  error?: string;
  done?: string;
}

export function OrderAnswerNotice({ answer, className }: { answer: OrderAnswer; className?: string }) {
  return (
    <Revealed className={className}>
      {answer.error ? <Notice kind="error">{answer.error}</Notice> : <Notice kind="success">{answer.done}</Notice>}
    </Revealed>
  );
}
