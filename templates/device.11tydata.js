// A function permalink (Eleventy would otherwise compile a Nunjucks string
// for every one of thousands of device pages), from the resource table. No
// computed data: Eleventy would run its dependency graph for every page, so
// the layout reads the description from the page's view data (d.description).
export default {
  permalink: (data) => data.files.device(data.d.doc.slug),
};
