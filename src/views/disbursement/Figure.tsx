// The balance pages' figure is the one all figure rows use.
export { Figure } from '../common/Figure';
