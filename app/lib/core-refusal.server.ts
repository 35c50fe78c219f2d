// A console loader's read of core, with core's refusal (404: deleted meanwhile, 403: not for this
// role) made the page's own answer with that status and message, never a 500.
import { data } from "react-router";
import { AppError } from "../../core/shared/errors";

export async function orRefusal<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError) throw data({ detail: error.message }, { status: error.status });
    throw error;
  }
}
