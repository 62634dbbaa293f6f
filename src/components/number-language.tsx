import type { TFunction } from 'i18next';
import i18next from 'i18next';
import type { NumberProblem } from '#shared/domain/number-input';
import { messageKey } from './validation.tsx';

/**
 * The language typed numbers are read in: the one the screen is shown in (a point groups
 * thousands in Indonesian, a comma in English; #shared/domain/number-input). Pure models
 * take it as a parameter and default to this, so a yup schema built once follows a switch.
 */
export function typingLanguage(): 'id' | 'en' {
  return i18next.language === 'en' ? 'en' : 'id';
}

/** A refused number as a yup / form message (`validation.key|{params}`, translated when shown). */
export function numberMessage(problem: NumberProblem): string {
  return 'params' in problem ? messageKey(problem.key, problem.params) : problem.key;
}

/** A refused number in the screen's language, for fields that are not formik fields. */
export function numberProblemText(t: TFunction, problem: NumberProblem): string {
  return t(`common:${problem.key}`, 'params' in problem ? problem.params : {}) as string;
}
