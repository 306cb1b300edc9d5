// Each A–Z page its own title and description (functions, as for device
// pages: no Nunjucks string compiled per page). The title stays short for
// search results; the description names the devices the page runs from and to.
export default {
  eleventyComputed: {
    title: (data) => {
      const { pageNumber, pages } = data.pagination;
      return pages.length < 2 ? "Browse devices A–Z" : `Browse devices A–Z, page ${pageNumber + 1} of ${pages.length}`;
    },
    description: (data) => {
      const { items } = data.pagination;
      return `Device support lifecycle records A–Z, ${items[0].name} to ${items[items.length - 1].name}: when each stops getting OS and security updates.`;
    },
  },
};
